import cards from '@/components/admin/admin-cards.module.css';
import own from './content.module.css';

/**
 * The Contenido section's classes: the back office's cards and forms (admin-cards.module.css)
 * and its own, a class in both getting both names. Joined here rather than with CSS modules'
 * `composes: … from '…'`, which parses the other file without its name: the build warned for
 * every declaration of it (Vite's URL rewriter cannot tell where a declaration came from).
 */
export const styles: Readonly<Record<string, string>> = Object.fromEntries(
  [...new Set([...Object.keys(cards), ...Object.keys(own)])].map((name) => [
    name,
    [cards[name], own[name]].filter(Boolean).join(' '),
  ]),
);
