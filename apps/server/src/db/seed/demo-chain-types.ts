import type { OpeningInterval } from '@comanda/shared';

/** The demo chain as plain data; `seed.ts` writes it to either database. */
export interface DemoChain {
  branches: DemoBranch[];
  categories: DemoCategory[];
  banners: { title: string; image: string }[];
  /** Each method and how it is paid (decision 061): cash, on delivery, or online. */
  paymentTypes: { description: string; kind: 'cash' | 'on_delivery' | 'online' }[];
  surveyParameters: string[];
  coupons: DemoCoupon[];
}

export interface DemoBranch {
  slug: string;
  title: string;
  address: string;
  phone: string;
  city: string;
  hours: OpeningInterval[];
  delivery: { available: boolean; neighbourhoods: string[] };
  /** Where the branch is: the live arrival estimate measures from it (decision 068). */
  point: { lat: number; lng: number };
  /** The usual minutes from accepting an order to having it ready. */
  prepMinutes: number;
}

export interface DemoCategory {
  slug: string;
  title: string;
  /** URL path of the tile photo, e.g. /images/categories/hamburguesas.1a2b3c4d.webp */
  photo: string;
  products: DemoProduct[];
}

export interface DemoProduct {
  slug: string;
  title: string;
  description: string;
  /** The short line on a product card. */
  description_eco: string;
  image: string;
  /** Whole pesos. */
  price: number;
  /** Branch slug → that branch's own price. */
  branchPrices?: Record<string, number>;
  /** Branch slugs where it is sold out today. */
  soldOutAt?: string[];
  /** Branch slugs that do not offer it at all. */
  notOfferedAt?: string[];
  groups?: DemoGroup[];
}

export interface DemoGroup {
  title: string;
  required: boolean;
  /** 1 single choice, 2 multiple choice. Required groups are single choice. */
  type_input: 1 | 2;
  options: {
    title: string;
    price: number;
    /** Generic modifier name; defaults to title. */ modifier?: string;
  }[];
}

export interface DemoCoupon {
  branch: string;
  title: string;
  description: string;
  main_image: string;
  confirmation_image: string;
}
