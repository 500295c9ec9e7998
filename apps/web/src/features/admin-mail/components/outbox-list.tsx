import type { OutboxMessage } from '@comanda/shared';
import { useDeferredValue, useState } from 'react';
import { AdminList } from '@/components/admin/admin-list';
import { AdminSection } from '@/components/admin/admin-section';
import { useOutbox } from '../api/get-outbox';
import records from '@/components/admin/record-list.module.css';
import styles from './outbox-list.module.css';
import { dateFormat } from '@/lib/date-format';

const STATUS_LABELS: Record<OutboxMessage['status'], string> = {
  pending: 'Por enviar',
  sent: 'Enviado',
  failed: 'No se pudo enviar',
};

/** The badge's colour: sent is good news, a failure needs a look, waiting is neutral. */
const STATUS_TONES: Record<OutboxMessage['status'], 'good' | 'bad' | undefined> = {
  pending: undefined,
  sent: 'good',
  failed: 'bad',
};

const when = dateFormat({
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});

/** /panel/admin/correos: what Comanda sent (or would send) to customers, with a preview. */
export function OutboxList() {
  const outbox = useOutbox();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim().toLowerCase());
  const rows = (outbox.data?.results ?? []).filter(
    (row) => !q || `${row.to} ${row.subject}`.toLowerCase().includes(q),
  );

  return (
    <AdminSection
      title="Correos"
      description="Los correos a clientes y personal, del más reciente al más antiguo. Los enlaces para cambiar la contraseña no se muestran."
      search={{ label: 'Buscar por destinatario o asunto', value: search, onChange: setSearch }}
    >
      {outbox.data && !outbox.data.delivering ? (
        <p className={styles.notice} role="note">
          Este servidor no tiene correo configurado (SMTP_URL): los mensajes quedan aquí, por
          enviar, y salen cuando se configure.
        </p>
      ) : null}
      <AdminList
        look="rows"
        live
        ordered
        label="Correos"
        query={outbox}
        items={rows}
        loading="Cargando los correos…"
        failed="No pudimos cargar los correos."
        failedDetail
        empty={`No hay correos${q ? ' que coincidan' : ' todavía'}.`}
      >
        {(row) => <OutboxRow key={row.id} row={row} />}
      </AdminList>
    </AdminSection>
  );
}

function OutboxRow({ row }: { row: OutboxMessage }) {
  return (
    <li className={records.row}>
      <p className={records.meta}>
        <time dateTime={row.created_at}>{when.format(new Date(row.created_at))}</time> · Para{' '}
        <span className={styles.to}>{row.to}</span>
      </p>
      <p className={styles.subject}>
        <span className={records.badge} data-tone={STATUS_TONES[row.status]}>
          {STATUS_LABELS[row.status]}
        </span>{' '}
        {row.subject}
      </p>
      {row.status !== 'sent' && row.last_error ? (
        <p className={records.meta}>
          {row.attempts} {row.attempts === 1 ? 'intento' : 'intentos'}; último error:{' '}
          {row.last_error}
        </p>
      ) : null}
      <details className={records.detail}>
        <summary>Ver el correo</summary>
        <pre className={styles.preview}>{row.text}</pre>
      </details>
    </li>
  );
}
