import type { BranchConsole, PlacedOrder } from '@comanda/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { panelHref } from '@/config/panel-paths';
import { PanelLoading } from '@/features/console/components/gate-screens';
import type { Connection } from '@/features/console/hooks/use-panel-realtime';
import type * as ContentModule from './routes/panel-admin-content';
import PanelBoard from './routes/panel-board';
import PanelControls from './routes/panel-controls';
import PanelDay from './routes/panel-day';

/**
 * Every route under /panel in one table: the branch console's screens and the whole back office
 * (/panel/admin/*). Features export screens and layouts (which render an `<Outlet />`); only this
 * file says where they go. Links are built by `panelHref` (config/paths.ts).
 *
 * The console is one chunk (app/routes/panel.tsx and what it imports); the back office's frame
 * and each of its sections are chunks of their own (app/routes/panel-admin*.tsx), so a branch's
 * tablet never downloads them and opening Historial does not download the menu editor.
 */

// A named export of a lazily loaded module, as a lazy component: every screen of a section comes
// from that section's one module, hence one chunk per section.
const from =
  <M,>(load: () => Promise<M>) =>
  (pick: (module: M) => ComponentType) =>
    lazy(async () => ({ default: pick(await load()) }));

const PanelAdmin = lazy(() => import('./routes/panel-admin'));
const menu = from(() => import('./routes/panel-admin-menu'));
const branches = from(() => import('./routes/panel-admin-branches'));
const content = from(() => import('./routes/panel-admin-content'));
const promotions = from(() => import('./routes/panel-admin-promotions'));
const staff = from(() => import('./routes/panel-admin-staff'));
const records = from(() => import('./routes/panel-admin-records'));
const payments = from(() => import('./routes/panel-admin-payments'));
const audit = from(() => import('./routes/panel-admin-audit'));
const mail = from(() => import('./routes/panel-admin-mail'));
const adminSecurity = from(() => import('./routes/panel-admin-security'));
const adminBrand = from(() => import('./routes/panel-admin-brand'));
const insights = from(() => import('./routes/panel-admin-insights'));
const security = from(() => import('./routes/panel-security'));

const Menu = {
  Frame: menu((m) => m.MenuAdmin),
  Categories: menu((m) => m.CategoriesScreen),
  Products: menu((m) => m.ProductsScreen),
  NewProduct: menu((m) => m.NewProductScreen),
  Product: menu((m) => m.ProductEditorScreen),
  Prices: menu((m) => m.PricesScreen),
  Csv: menu((m) => m.MenuCsvScreen),
};
const Branches = {
  List: branches((m) => m.BranchList),
  Editor: branches((m) => m.BranchEditor),
  Data: branches((m) => m.BranchDataTab),
  Hours: branches((m) => m.BranchHoursTab),
  Exceptions: branches((m) => m.BranchExceptionsTab),
  Zones: branches((m) => m.BranchZonesTab),
};
const Content = content((m) => m.ContentSection);
const Promotions = promotions((m) => m.PromotionList);
// The sub-tabs' paths and screens: the section module lists them, they load with it.
type ContentTabPath = (typeof ContentModule.CONTENT_TABS)[number]['path'];
const contentTab = (path: ContentTabPath) =>
  content((m) => m.CONTENT_TABS.find((tab) => tab.path === path)!.Screen);
const CONTENT_TAB_PATHS = [
  'banners',
  'cupones',
  'metodos-de-pago',
  'encuesta',
  'redes-sociales',
] as const satisfies readonly ContentTabPath[];
const ContentTabs = CONTENT_TAB_PATHS.map((path) => [path, contentTab(path)] as const);
const Staff = {
  List: staff((m) => m.StaffList),
  Create: staff((m) => m.StaffCreate),
  Edit: staff((m) => m.StaffEdit),
};
const Records = {
  Frame: records((m) => m.RecordsSection),
  Signups: records((m) => m.SignupsTab),
  Reservations: records((m) => m.ReservationsTab),
};
const Payments = payments((m) => m.PaymentsSection);
const AuditLog = audit((m) => m.AuditLog);
const OutboxList = mail((m) => m.OutboxList);
const SecuritySettings = adminSecurity((m) => m.SecuritySettingsSection);
const BrandSettings = adminBrand((m) => m.BrandSettingsSection);
const Security = security((m) => m.SecurityScreen);
const ChainInsights = insights((m) => m.ChainInsights);
const BranchInsights = lazy(async () => ({
  default: (await import('./routes/panel-admin-insights')).BranchInsights,
}));
const KitchenPicker = lazy(async () => ({
  default: (await import('./routes/panel-kitchen')).KitchenPicker,
}));
const KitchenScreen = lazy(async () => ({
  default: (await import('./routes/panel-kitchen')).KitchenScreen,
}));
const NewOrderScreen = lazy(async () => ({
  default: (await import('./routes/panel-new-order')).NewOrderScreen,
}));
const CourierScreen = lazy(async () => ({
  default: (await import('./routes/panel-courier')).CourierScreen,
}));
/** The enrolment the console shows when the chain requires the factor (app/routes/panel.tsx). */
export const SecondFactorRequired = lazy(async () => ({
  default: (await import('./routes/panel-security')).SecondFactorRequired,
}));

const to = (href: string) => <Navigate to={href} replace />;

interface PanelRoutesProps {
  branch: BranchConsole;
  orders: UseQueryResult<PlacedOrder[]>;
  connection: Connection;
  onSwitchBranch: (() => void) | undefined;
  /** null while the role is not known yet: a deep link waits instead of bouncing an admin. */
  isAdmin: boolean | null;
}

/**
 * /panel/admin/*: the back office, as a `<Route>` element for PanelRoutes' table (`<Routes>` reads
 * its children's `<Route>`s, so this is a function called in place, not a component).
 */
function backOfficeRoutes(admin: ReactNode) {
  return (
    <Route path="admin" element={admin}>
      <Route index element={to(panelHref.menu())} />
      <Route path="informes" element={<ChainInsights />} />
      <Route path="menu" element={<Menu.Frame />}>
        <Route index element={<Menu.Categories />} />
        <Route path="productos" element={<Menu.Products />} />
        <Route path="productos/nuevo" element={<Menu.NewProduct />} />
        <Route path="productos/:id" element={<Menu.Product />} />
        <Route path="precios" element={<Menu.Prices />} />
        <Route path="hoja-de-calculo" element={<Menu.Csv />} />
      </Route>
      <Route path="sedes">
        <Route index element={<Branches.List />} />
        <Route path="nueva" element={<Branches.Editor />} />
        <Route path=":id" element={<Branches.Editor />}>
          <Route index element={<Navigate to="datos" replace />} />
          <Route path="datos" element={<Branches.Data />} />
          <Route path="horario" element={<Branches.Hours />} />
          <Route path="excepciones" element={<Branches.Exceptions />} />
          <Route path="zonas" element={<Branches.Zones />} />
          <Route path="*" element={<Navigate to="datos" replace />} />
        </Route>
      </Route>
      <Route path="contenido" element={<Content />}>
        <Route index element={to(panelHref.content())} />
        {ContentTabs.map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={to(panelHref.content())} />
      </Route>
      <Route path="promociones" element={<Promotions />} />
      <Route path="personal">
        <Route index element={<Staff.List />} />
        <Route path="nueva" element={<Staff.Create />} />
        <Route path=":id" element={<Staff.Edit />} />
      </Route>
      <Route path="registros" element={<Records.Frame />}>
        <Route index element={to(panelHref.records())} />
        <Route path="descuento" element={<Records.Signups />} />
        <Route path="cortesias" element={<Records.Reservations />} />
        <Route path="*" element={to(panelHref.records())} />
      </Route>
      <Route path="pagos" element={<Payments />} />
      <Route path="historial" element={<AuditLog />} />
      <Route path="correos" element={<OutboxList />} />
      <Route path="seguridad" element={<SecuritySettings />} />
      <Route path="marca" element={<BrandSettings />} />
      <Route path="*" element={to(panelHref.menu())} />
    </Route>
  );
}

/** A screen of the console's own that loads apart, with the console's loading screen meanwhile. */
const later = (screen: ReactNode) => <Suspense fallback={<PanelLoading />}>{screen}</Suspense>;

/** The routes of /panel/*, rendered inside the console's frame (app/routes/panel.tsx). */
export function PanelRoutes(props: PanelRoutesProps) {
  const { branch, orders, connection, onSwitchBranch, isAdmin } = props;
  const admin: ReactNode =
    isAdmin === null ? <PanelLoading /> : isAdmin ? later(<PanelAdmin />) : to(panelHref.board());
  return (
    <Routes>
      <Route
        index
        element={<PanelBoard branch={branch} orders={orders} connection={connection} />}
      />
      <Route
        path="controles"
        element={<PanelControls branch={branch} onSwitchBranch={onSwitchBranch} />}
      />
      <Route path="dia" element={<PanelDay branch={branch} />} />
      <Route path="nuevo-pedido" element={later(<NewOrderScreen branch={branch} />)} />
      <Route path="informes" element={later(<BranchInsights branchId={branch.id} />)} />
      <Route path="seguridad" element={later(<Security />)} />
      <Route path="cocina" element={later(<KitchenPicker branch={branch} />)} />
      <Route path="cocina/:station" element={later(<KitchenScreen branch={branch} />)} />
      {backOfficeRoutes(admin)}
      <Route path="*" element={to(panelHref.board())} />
    </Routes>
  );
}

/** A courier's /panel/*: their phone's screen and nothing else; any other panel path leads there. */
export function CourierRoutes({ onLogout }: { onLogout: () => void }) {
  return (
    <Routes>
      <Route
        path="reparto"
        element={
          <Suspense fallback={<PanelLoading />}>
            <CourierScreen onLogout={onLogout} />
          </Suspense>
        }
      />
      <Route path="*" element={to(panelHref.courier())} />
    </Routes>
  );
}
