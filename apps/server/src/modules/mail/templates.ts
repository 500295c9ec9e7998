import { escapeHtml } from '../../lib/escape-html';
/**
 * The messages Comanda sends, in Spanish, each with a plain-text part and a small HTML part that
 * reads on a phone (one column, large type, one button). What a template says comes only from
 * its arguments, escaped; nothing a customer typed can add markup. The chain's brand (its name
 * and colour, back office Marca, decision 046) is given when the message is written to the
 * outbox, read in the same transaction: a template is a `compose` of the brand.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What a message says about the chain: its brand as Marca saved it. */
export interface MailBrand {
  name: string;
  color: string;
}

/**
 * Where a message's secret (a reset link's token) goes in its bodies: right after the `=` of its
 * link's parameter. The outbox keeps the secret sealed apart; the sender puts it here (decision 075).
 */
export const SECRET_SLOT = '…';

/** The bodies as delivered: the secret in its slot. */
export const withSecret = (body: string, secret: string) =>
  body.replaceAll(`=${SECRET_SLOT}`, `=${secret}`);

/** What a sealed secret is bound to: its recipient (moved to another message, it opens nowhere). */
export const secretContext = (to: string) => `outbox:${to}`;

/** A message waiting for the chain's brand. */
export interface MailDraft {
  compose: (brand: MailBrand) => MailContent;
}

interface Layout {
  subject: string;
  greeting: string;
  /** Paragraphs, plain text. */
  body: string[];
  action?: { label: string; href: string };
  /** A value to copy (a coupon code), shown large. */
  highlight?: string;
  /** Said last, small: why this arrived or what to do if it was not you. */
  footnote?: string;
}

/** A template's layout once it knows the chain's name. */
const draft = (layout: (chain: string) => Layout): MailDraft => ({
  compose: (brand) => render(layout(brand.name), brand),
});

function render(
  { subject, greeting, body, action, highlight, footnote }: Layout,
  brand: MailBrand,
): MailContent {
  const color = escapeHtml(brand.color);
  const text = [
    greeting,
    '',
    ...body.flatMap((paragraph) => [paragraph, '']),
    ...(highlight ? [highlight, ''] : []),
    ...(action ? [`${action.label}: ${action.href}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    `— ${brand.name}`,
  ].join('\n');
  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(value)}</p>`;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${color}">${escapeHtml(brand.name)}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
${paragraph(greeting)}
${body.map(paragraph).join('\n')}
${highlight ? `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:2px;text-align:center">${escapeHtml(highlight)}</p>` : ''}
${action ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(action.href)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:14px 24px;border-radius:8px">${escapeHtml(action.label)}</a></p>` : ''}
${footnote ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#5c534d">${escapeHtml(footnote)}</p>` : ''}
</div>
</div>
</body></html>`;
  return { subject, text, html };
}

const hello = (name: string) => `Hola, ${name}:`;

/** How the notice of a new password says it came about. */
const PASSWORD_CHANGED_BY = {
  reset:
    'La contraseña de tu cuenta se cambió con un enlace de recuperación. Cerramos todas las sesiones abiertas: entra de nuevo con la contraseña nueva.',
  account:
    'La contraseña de tu cuenta se cambió desde tu cuenta. Cerramos las demás sesiones abiertas.',
  admin:
    'Un administrador puso una contraseña nueva a tu cuenta del panel. Cerramos todas tus sesiones: entra con la contraseña que te dio.',
} as const;

/** What the notice of a second factor turned on or off says happened. */
const SECOND_FACTOR_CHANGED_BY = {
  on: 'Desde ahora, al entrar al panel te pedimos también el código de tu app de autenticación. Guarda tus códigos de recuperación en un lugar seguro.',
  off: 'Quitaste la verificación en dos pasos de tu cuenta: al entrar al panel basta tu contraseña.',
  'admin-off':
    'Un administrador quitó la verificación en dos pasos de tu cuenta (por ejemplo, por un teléfono perdido) y cerró tus sesiones. Al entrar de nuevo al panel te pediremos activarla otra vez si la cadena la exige.',
} as const;

export const mailTemplates = {
  passwordReset: (input: { name: string; link: string; minutes: number }) =>
    draft((chain) => ({
      subject: `Restablece tu contraseña de ${chain}`,
      greeting: hello(input.name),
      body: [
        'Alguien pidió restablecer la contraseña de tu cuenta. Si fuiste tú, elige una nueva con este enlace.',
        `El enlace sirve una sola vez y vence en ${input.minutes} minutos.`,
      ],
      action: { label: 'Elegir una contraseña nueva', href: input.link },
      footnote:
        'Si no lo pediste, ignora este correo: tu contraseña no cambia y nadie entra a tu cuenta.',
    })),

  passwordChanged: (input: { name: string; via: 'reset' | 'account' | 'admin' }) =>
    draft((chain) => ({
      subject: `Tu contraseña de ${chain} cambió`,
      greeting: hello(input.name),
      body: [PASSWORD_CHANGED_BY[input.via]],
      footnote:
        'Si no fuiste tú, usa «¿Olvidaste tu contraseña?» al iniciar sesión para recuperarla y escríbenos.',
    })),

  secondFactorChanged: (input: { name: string; change: 'on' | 'off' | 'admin-off' }) =>
    draft((chain) => ({
      subject:
        input.change === 'on'
          ? `Activaste la verificación en dos pasos en ${chain}`
          : `La verificación en dos pasos de tu cuenta de ${chain} se quitó`,
      greeting: hello(input.name),
      body: [SECOND_FACTOR_CHANGED_BY[input.change]],
      footnote: 'Si no fuiste tú ni lo pediste, cambia tu contraseña y escríbenos de inmediato.',
    })),

  /** Registration with an email or phone that already has an account (decision 076). */
  registrationAttempt: (input: { name: string; with: 'email' | 'phone'; link: string }) =>
    draft((chain) => ({
      subject: `Alguien intentó crear una cuenta con tu ${input.with === 'email' ? 'correo' : 'celular'} en ${chain}`,
      greeting: hello(input.name),
      body: [
        `Alguien intentó crear una cuenta en ${chain} con tu ${input.with === 'email' ? 'correo' : 'número de celular'}. No creamos ninguna: ya tienes una cuenta con él.`,
        'Si fuiste tú, inicia sesión con tu email o tu celular. Si no recuerdas la contraseña, elige una nueva con «¿Olvidaste tu contraseña?».',
      ],
      action: { label: 'Iniciar sesión', href: input.link },
      footnote:
        'Si no fuiste tú, ignora este correo: tu cuenta sigue como estaba y nadie entró a ella.',
    })),

  emailChanged: (input: { name: string; newEmail: string }) =>
    draft((chain) => ({
      subject: `El email de tu cuenta de ${chain} cambió`,
      greeting: hello(input.name),
      body: [
        `El email de tu cuenta ahora es ${input.newEmail}. Desde ahora los correos de la cuenta llegan allá.`,
      ],
      footnote: 'Si no fuiste tú, escríbenos de inmediato para recuperar tu cuenta.',
    })),

  /** A refund of an order paid online, once the provider confirmed it (decision 061). */
  refundMade: (input: {
    name: string;
    order: number;
    amount: string;
    reason: string;
    whole: boolean;
    link: string;
  }) =>
    draft((chain) => ({
      subject: `Te devolvimos ${input.amount} de tu pedido #${input.order} en ${chain}`,
      greeting: hello(input.name),
      body: [
        input.whole
          ? `Devolvimos lo que pagaste en línea por tu pedido #${input.order}: ${input.amount}.`
          : `Devolvimos ${input.amount} de lo que pagaste en línea por tu pedido #${input.order}.`,
        `Motivo: ${input.reason}`,
        'El dinero vuelve al mismo medio con el que pagaste. Según tu banco, puede tardar unos días en verse en tu cuenta.',
      ],
      action: { label: 'Ver el pedido', href: input.link },
    })),

  couponCode: (input: {
    name: string;
    branch: string;
    code: string;
    terms: string;
    expires: string;
    link: string;
  }) =>
    draft((chain) => ({
      subject: `Tu cupón de ${chain} ${input.branch}`,
      greeting: hello(input.name),
      body: [
        `Gracias por registrarte en ${chain} ${input.branch}. Este es tu código de descuento: ${input.terms}`,
        `Escríbelo en «Código de descuento» al confirmar tu pedido. Sirve una vez, hasta el ${input.expires}.`,
      ],
      highlight: input.code,
      action: { label: 'Pedir ahora', href: input.link },
    })),

  /**
   * A discount signup from an email that had signed up at the branch (decision 076): its code
   * again while it can still be used, else that it is one per person.
   */
  alreadySignedUp: (input: {
    name: string;
    branch: string;
    code: { code: string; terms: string; expires: string } | null;
    link: string;
  }) =>
    draft((chain) => ({
      subject: `Ya estás inscrito al cupón de ${chain} ${input.branch}`,
      greeting: hello(input.name),
      body: input.code
        ? [
            `Tu correo ya estaba inscrito al cupón de ${chain} ${input.branch}, así que no creamos otro código. Este es el tuyo: ${input.code.terms}`,
            `Escríbelo en «Código de descuento» al confirmar tu pedido. Sirve una vez, hasta el ${input.code.expires}.`,
          ]
        : [
            `Tu correo ya estaba inscrito al cupón de ${chain} ${input.branch}. El cupón es uno por persona, y el código que te enviamos ya se usó o venció.`,
          ],
      ...(input.code ? { highlight: input.code.code } : {}),
      action: { label: 'Pedir ahora', href: input.link },
      footnote: 'Si no fuiste tú quien llenó el formulario, ignora este correo.',
    })),
};
