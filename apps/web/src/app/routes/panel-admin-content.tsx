/** /panel/admin: the Contenido section (being built: the section's own feature replaces this screen). */
export default function PanelAdminContent() {
  return <h1>Contenido</h1>;
}
