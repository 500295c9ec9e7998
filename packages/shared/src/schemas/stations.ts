import { z } from 'zod';
import { orderLineOptionSchema } from './orders';
import { idParamSchema, idSchema, listOf, wholeNumberSchema } from './common';
import { safeText } from './text';

/**
 * Kitchen stations (decision 072): a branch's stations (`/api/admin/branches/{id}/stations`),
 * each station's screen of items to make, the bump that marks one done, and the expo's view of
 * which orders every station has finished.
 */

/** What a branch's kitchen is until an admin says otherwise; the first takes what is not routed. */
export const DEFAULT_STATIONS = ['Parrilla', 'Freidora', 'Fríos', 'Bebidas'] as const;
export const STATIONS_PER_BRANCH_MAX = 12;
export const STATION_NAME_MAX = 40;

export const STATION_MESSAGES = {
  list: 'Las estaciones deben ser una lista',
  atLeastOne: 'La sede necesita al menos una estación',
  tooMany: `Una sede tiene como máximo ${STATIONS_PER_BRANCH_MAX} estaciones`,
  name: 'Escribe el nombre de la estación',
  nameTooLong: `El nombre de la estación tiene como máximo ${STATION_NAME_MAX} caracteres`,
  duplicateName: 'Dos estaciones no pueden llamarse igual',
  position: 'La posición debe ser un número entero de 0 en adelante',
  id: 'El id de la estación no es válido',
  unknownStation: 'Esa estación no es de esta sede',
  stationNotFound: 'No encontramos esa estación',
  itemNotFound: 'No encontramos ese ítem del pedido',
  notInKitchen: 'Ese pedido no está en preparación',
  branchNotFound: 'No encontramos esa sede',
} as const;

export const stationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});

export const stationListResponse = listOf(stationSchema);

const stationInput = z.object({
  id: idSchema(STATION_MESSAGES.id).optional(),
  name: safeText({ error: STATION_MESSAGES.name }).pipe(
    z
      .string()
      .min(1, { error: STATION_MESSAGES.name })
      .max(STATION_NAME_MAX, { error: STATION_MESSAGES.nameTooLong }),
  ),
  position: wholeNumberSchema(STATION_MESSAGES.position, 0, 1000),
});

/** A branch's whole station list: rows with an id are renamed or moved, the others added, the missing removed. */
export const stationsBody = z
  .array(stationInput, { error: STATION_MESSAGES.list })
  .min(1, { error: STATION_MESSAGES.atLeastOne })
  .max(STATIONS_PER_BRANCH_MAX, { error: STATION_MESSAGES.tooMany })
  .refine(
    (rows) => new Set(rows.map((row) => row.name.toLocaleLowerCase('es'))).size === rows.length,
    { error: STATION_MESSAGES.duplicateName },
  );

/** Where a product cooks (its station, read by name at each branch); null: its category's. */
export const productStationBody = z.object({
  station_id: idSchema(STATION_MESSAGES.id).nullable(),
});
export const productStationResponse = z.object({
  results: z.object({ product_id: z.number().int(), station_id: z.number().int().nullable() }),
});

export const stationParams = z.object({ id: idParamSchema, stationId: idParamSchema });
export const orderItemParams = z.object({ id: idParamSchema });

/** One line of an order as a station makes it. */
export const stationItemSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** What the board and the ticket call the order (its id). */
  order_number: z.number().int(),
  /** When the order was promised ready; null when accepted before promises were kept. */
  promised_at: z.string().nullable(),
  product_id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  options: z.array(orderLineOptionSchema),
  /** The customer's note on the order (the same on each of its items). */
  notes: z.string(),
  /** The customer's note on this item alone («Sin cebolla», decision 085); '': none. */
  note: z.string(),
  bumped_at: z.string().nullable(),
});

/** "7 × Picada grande": what the station still has to make, summed over every open order. */
export const allDayCountSchema = z.object({
  product_id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
});

export const stationItemsResponse = z.object({
  station: stationSchema,
  items: z.array(stationItemSchema),
  all_day: z.array(allDayCountSchema),
});

export const bumpResponse = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  station_id: z.number().int(),
  bumped_at: z.string().nullable(),
});

export const expoStationSchema = z.object({
  station_id: z.number().int(),
  name: z.string(),
  done: z.number().int(),
  pending: z.number().int(),
});

export const expoOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.number().int(),
  status: z.enum(['accepted', 'preparing']),
  promised_at: z.string().nullable(),
  stations: z.array(expoStationSchema),
  /** Every station has bumped every one of its items: the order can be packed and marked Listo. */
  ready_to_pack: z.boolean(),
});

export const expoResponse = listOf(expoOrderSchema);

/** `station-item`, to the branch's staff: a station bumped (or took back) one line. */
export const stationItemEventSchema = z.object({
  branch_id: z.number().int(),
  order_id: z.number().int(),
  item_id: z.number().int(),
  station_id: z.number().int(),
  bumped_at: z.string().nullable(),
});

export type Station = z.infer<typeof stationSchema>;
export type StationsBody = z.infer<typeof stationsBody>;
export type StationItem = z.infer<typeof stationItemSchema>;
export type StationItemsAnswer = z.infer<typeof stationItemsResponse>;
export type ExpoOrder = z.infer<typeof expoOrderSchema>;
export type StationItemEvent = z.infer<typeof stationItemEventSchema>;
