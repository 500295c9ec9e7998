// /panel/nuevo-pedido (decision 087): a chunk of its own, so neither the board's first load
// nor the storefront's carries the counter's menu and forms.
export { NewOrderScreen } from '@/features/counter';
