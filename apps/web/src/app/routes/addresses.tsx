import { ComingSoon } from '@/components/ui/coming-soon';

/** /domicilio and /direcciones (spec §2): the customer's past addresses. */
export default function AddressesRoute() {
  return <ComingSoon title="Mis Direcciones" />;
}
