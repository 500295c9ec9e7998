/**
 * /panel/admin/informes (admins) and /panel/informes (a branch's staff): the reports and their
 * charts, one chunk; the charting library loads with it and nowhere else.
 */
export { BranchInsights, ChainInsights } from '@/features/admin-insights';
