import { Icon, type IconProps } from '@/components/ui/icon';

/** Icons only the catalogue screens use; kept here so they ship in those lazy chunks, not the entry. */

export const StorePinIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </Icon>
);

export const SearchOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2M8.5 8.5l5 5M13.5 8.5l-5 5" />
  </Icon>
);
