// Orders taken by phone or at the counter (decision 087): the console's «Nuevo pedido».
export { NewOrderScreen } from './components/new-order-screen';
