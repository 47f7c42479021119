export function App() {
  return <p>Loading admin panel...</p>;
}
