import type { RedisLink } from '../redis';
import type { SocketServer } from './io-types';

/**
 * Rooms and broadcasts through Redis, so that they span every node. The adapter is loaded only
 * by a node with Redis (decision 107).
 */
export async function useRedisAdapter(io: SocketServer, redis: RedisLink) {
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const pub = redis.publisher();
  const sub = redis.subscriber();
  // The adapter publishes without awaiting, and delivers to this node's sockets itself: a
  // publish that fails (Redis away) must neither reject unhandled, which would stop the
  // process, nor keep this node's sockets from hearing the event. It only marks Redis away.
  const publish = pub.publish.bind(pub);
  pub.publish = ((...args: Parameters<typeof publish>) => {
    const sent = publish(...args);
    sent.catch((error: unknown) => redis.failed(error));
    return sent;
  }) as typeof pub.publish;
  // Channels named by this deployment: another deployment on the same Redis has other rooms
  // with the same names (branch:1), and must never hear them.
  io.adapter(createAdapter(pub, sub, { key: redis.key('socket.io') }));
}
