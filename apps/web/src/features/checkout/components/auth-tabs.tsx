import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { CHECKOUT_MESSAGES } from '@comanda/shared';
import shared from './checkout.module.css';
import styles from './auth-tabs.module.css';

interface AuthTabsProps {
  login: ReactNode;
  register: ReactNode;
  /** product.md «Validation rules and messages»: Continuar while logged out highlights this panel (and the page scrolls to it). */
  highlighted: boolean;
  /** The panel's heading: focus goes there when Continuar points at it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

const TABS = [
  { key: 'login', label: 'Iniciar sesión' },
  { key: 'register', label: 'Registrarme' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/**
 * product.md «Screens and routes»: the login/register tabs panel a logged-out customer sees at checkout. A WAI-ARIA
 * tablist: arrow keys, Home and End move between the tabs; only the chosen panel is rendered,
 * so its form keeps nothing of the other.
 */
export function AuthTabs({ login, register, highlighted, headingRef }: AuthTabsProps) {
  const [tab, setTab] = useState<Tab>('login');
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((entry) => entry.key === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next];
    if (!target) return;
    setTab(target.key);
    tabs.current[next]?.focus();
  };

  return (
    <section
      id="checkout-account"
      className={`${shared.section} ${highlighted ? styles.highlighted : ''}`}
      aria-labelledby={`${id}-title`}
      data-highlighted={highlighted || undefined}
    >
      <div>
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={shared.title}>
          Ingresa para confirmar tu pedido
        </h2>
        <p
          className={highlighted ? styles.alert : shared.muted}
          role={highlighted ? 'alert' : undefined}
        >
          {highlighted
            ? CHECKOUT_MESSAGES.unauthorized
            : 'Inicia sesión o crea tu cuenta: tu carrito te espera aquí.'}
        </p>
      </div>
      <div role="tablist" aria-label="Cuenta" className={styles.tablist} onKeyDown={onKeyDown}>
        {TABS.map((entry, index) => (
          <button
            key={entry.key}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-${entry.key}-tab`}
            aria-selected={tab === entry.key}
            aria-controls={`${id}-${entry.key}-panel`}
            tabIndex={tab === entry.key ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(entry.key)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
        className={styles.panel}
      >
        {tab === 'login' ? login : register}
      </div>
    </section>
  );
}
