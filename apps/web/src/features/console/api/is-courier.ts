import { endpoints } from '@comanda/shared';
import { ApiError } from '@/lib/api-client';
import { panelCall } from '@/lib/panel-api';

/**
 * GET /api/courier/trips/current with a new session's token, asked when the branches were
 * refused: whether the account is a courier, who runs no branch's board but has the courier's
 * phone (/panel/reparto, decision 068).
 */
export async function isCourier(token: string): Promise<boolean> {
  try {
    await panelCall(endpoints.getCurrentTrip, { headers: { Authorization: `Bearer ${token}` } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return false;
    throw error;
  }
}
