import { secondFactorMissing, type SessionUser } from '../../lib/authorization';
import type { AuthedSocket } from './io-types';

export const rooms = {
  user: (id: number) => `user:${id}`,
  branch: (id: number) => `branch:${id}`,
  /** A courier's phone (decision 068): their trips only, never the branch's board. */
  courier: (id: number) => `courier:${id}`,
  /** Every socket opened with one access token: closed together when that session ends. */
  session: (id: number) => `session:${id}`,
  /** Admins hear every branch, even one opened after they connected; `toBranch` always includes it. */
  allBranches: 'branch:*',
  /** Every socket with a live session, on every node: told `resync` after a Redis outage. */
  signedIn: 'signed-in',
};

/**
 * A signed-in socket's rooms: its customer's own, the branches a staff member works at or the
 * chain-wide room for an admin (decision 009), a courier's own, its session's, and every
 * signed-in socket's.
 */
export function joinRooms(socket: AuthedSocket, user: SessionUser) {
  void socket.join(rooms.user(user.id));
  // A session short of its second factor hears no branch (decision 044), as its requests act on none.
  if (!secondFactorMissing(user)) {
    if (user.role === 'admin') void socket.join(rooms.allBranches);
    else if (user.role === 'staff') void socket.join(user.branch_ids.map(rooms.branch));
    else if (user.role === 'courier') void socket.join(rooms.courier(user.id));
  }
  void socket.join([rooms.session(user.sessionId), rooms.signedIn]);
}
