/** /panel/admin: the Menú section (being built: the section's own feature replaces this screen). */
export default function PanelAdminMenu() {
  return <h1>Menú</h1>;
}
