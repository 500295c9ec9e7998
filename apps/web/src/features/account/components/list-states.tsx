import { ErrorState } from '@/components/ui/error-state';

interface ListSkeletonProps {
  /** The list's class, so the placeholders take its layout. */
  className: string | undefined;
  /** One placeholder card's class. */
  itemClassName: string | undefined;
  count: number;
  /** What is loading, said to a screen reader ("Cargando tus pedidos"). */
  label: string;
}

/** A list of the account's while it loads: a few empty cards in its place, marked busy. */
export function ListSkeleton({ className, itemClassName, count, label }: ListSkeletonProps) {
  return (
    <div className={className} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, key) => (
        <div key={key} className={itemClassName} />
      ))}
    </div>
  );
}

interface LoadErrorProps {
  /** The failed query: its error, its retry and whether that retry is under way. */
  query: { error: Error | null; refetch: () => unknown; isFetching: boolean };
  /** What could not be loaded ("No pudimos cargar tus pedidos."). */
  message: string;
}

/** A list of the account's that could not be loaded: why, and "Reintentar". */
export function LoadError({ query, message }: LoadErrorProps) {
  return (
    <ErrorState
      message={message}
      detail={query.error?.message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
