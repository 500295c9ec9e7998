import { formatMoney } from '@comanda/shared';

interface MenuPriceProps {
  amount: number;
  /** The price paid can be higher: a priced choice, or branches that charge differently. */
  from: boolean;
  fromClassName?: string;
}

/** A product's price as the menu shows it: "Desde $X" when the final price is not yet known. */
export function MenuPrice({ amount, from, fromClassName }: MenuPriceProps) {
  return (
    <>
      {from ? <span className={fromClassName}>Desde </span> : null}
      {formatMoney(amount)}
    </>
  );
}
