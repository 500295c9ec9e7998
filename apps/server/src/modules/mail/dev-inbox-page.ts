import { escapeHtml } from '../../lib/escape-html';
import type { DevMail } from './dev-inbox';

// The page of /dev/correos: plain HTML from the server, no storefront code, readable at a glance.
// Each message's own HTML is shown in a sandboxed frame (no scripts, its links open outside), and
// its text below with the links made clickable, which is what a developer follows to reset a
// password.

/** The text with its http(s) links as anchors; everything else escaped. */
const linkedText = (text: string) =>
  escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" target="_blank" rel="noreferrer">${url}</a>`,
  );

const messageHtml = (mail: DevMail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">Para <strong>${escapeHtml(mail.to)}</strong> · ${escapeHtml(mail.receivedAt)}</p>
  <iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(mail.html)}" title="${escapeHtml(mail.subject)}"></iframe>
  <pre>${linkedText(mail.text)}</pre>
</article>`;

export function devInboxPage(messages: readonly DevMail[]): string {
  const body =
    messages.length === 0
      ? '<p>Aún no hay correos. Los que envíe el servidor (un enlace para cambiar la contraseña, un pedido confirmado) aparecen aquí.</p>'
      : messages.map(messageHtml).join('\n');
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Correos de desarrollo · Comanda</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 16px; color: #1d1d1f; }
  article { border: 1px solid #d8d8de; border-radius: 12px; padding: 12px 16px; margin: 16px 0; }
  h2 { font-size: 1.125rem; margin: 0; }
  .meta { color: #55555c; margin: 4px 0 12px; }
  iframe { width: 100%; height: 360px; border: 1px solid #eee; border-radius: 8px; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f8; padding: 12px; border-radius: 8px; }
</style>
</head>
<body>
<h1>Correos de desarrollo</h1>
<p>Solo en desarrollo y sin <code>SMTP_URL</code>: los últimos 50 correos, completos, en la memoria de este proceso.</p>
${body}
</body>
</html>`;
}
