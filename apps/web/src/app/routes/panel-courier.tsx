/**
 * /panel/reparto: the courier's phone, a chunk of its own (app/panel-routes.tsx): the branch's
 * tablet never downloads it, and the courier's phone never downloads the board.
 */
export { CourierScreen } from '@/features/courier/components/courier-screen';
