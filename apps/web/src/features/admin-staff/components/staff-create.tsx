import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { AdminSection } from '@/components/admin/admin-section';
import { useCreateStaff } from '../api/create-staff';
import { createBodyOf } from '../lib/staff-form';
import { AccountForm } from './account-form';
import styles from './staff.module.css';
import { panelHref } from '@/config/panel-paths';

/** /panel/admin/personal/nueva: a new staff or admin account. */
export function StaffCreate() {
  const navigate = useNavigate();
  const create = useCreateStaff();
  return (
    <AdminSection
      title="Nueva cuenta"
      description="Para alguien que atiende una sede, o para otra persona de la administración."
    >
      <Link to={panelHref.staff()} className={styles.back}>
        ← Volver al personal
      </Link>
      <div className={styles.card}>
        <AccountForm
          submitLabel="Crear cuenta"
          send={(values) => create.mutateAsync(createBodyOf(values))}
          onSent={(member) =>
            void navigate(panelHref.staffMember(member.id), { state: { created: true } })
          }
        />
      </div>
    </AdminSection>
  );
}
