import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/** The class names of a button, for links that look like one (`<Link className={buttonClass()}>`). */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  options: { block?: boolean } = {},
): string {
  return [styles.button, styles[variant], options.block ? styles.block : undefined]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  block,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = [buttonClass(variant, { block }), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}
