import { endpoints, type PositionBody } from '@comanda/shared';
import { panelCall } from '@/lib/panel-api';

/** POST /api/courier/position {lat, lng, accuracy} → whether a running trip kept it. */
export async function sendPosition(body: PositionBody): Promise<boolean> {
  return (await panelCall(endpoints.sendPosition, { body })).results.kept;
}
