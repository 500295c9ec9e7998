/** /panel/admin: the Personal section (being built: the section's own feature replaces this screen). */
export default function PanelAdminStaff() {
  return <h1>Personal</h1>;
}
