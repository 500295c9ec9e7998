import { Icon, type IconProps } from './icon';

// more-icons.tsx takes the base from here: imported from both, the bundler gave the base a file
// of its own, one more request on every first load.
export { Icon, type IconProps };

// The icons the first screens paint (the header, the menu's order type, an error): every first load
// carries this module, so the other icons live in more-icons.tsx.

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const CartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
    <circle cx="10" cy="20.5" r="1.2" />
    <circle cx="17" cy="20.5" r="1.2" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const StoreIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 10v10h16V10M3 10l2-6h14l2 6M9 20v-5h6v5" />
  </Icon>
);

export const BikeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="5.5" cy="17" r="3" />
    <circle cx="18.5" cy="17" r="3" />
    <path d="M5.5 17l4-7h5l4 7M9.5 10L8 7H6M14.5 10l-2 7" />
  </Icon>
);

export const AlertIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Icon>
);
