export const dynamic = 'force-dynamic';

export default function HomePage() {
  return (
    <main>
      <h1>Informations officielles sur les entreprises françaises</h1>
    </main>
  );
}
