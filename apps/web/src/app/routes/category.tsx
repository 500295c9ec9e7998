import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';

/** /category/:slug (spec §2): photo, title and product cards of one category. */
export default function CategoryRoute() {
  const { slug = '' } = useParams();
  return <ComingSoon title={titleFromSlug(slug) || 'Categoría'} />;
}

/** Until the category call is wired, the slug is the best title available. */
function titleFromSlug(slug: string): string {
  const words = slug.split('-').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
