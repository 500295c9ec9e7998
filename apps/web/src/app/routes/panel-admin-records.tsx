/** /panel/admin: the Registros section (being built: the section's own feature replaces this screen). */
export default function PanelAdminRecords() {
  return <h1>Registros</h1>;
}
