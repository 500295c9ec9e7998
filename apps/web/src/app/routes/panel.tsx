export default function PanelRoute() {
  return <p>Panel</p>;
}
