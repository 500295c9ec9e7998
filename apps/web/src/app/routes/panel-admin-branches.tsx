/** /panel/admin: the Sedes section (being built: the section's own feature replaces this screen). */
export default function PanelAdminBranches() {
  return <h1>Sedes</h1>;
}
