import type { Metadata } from 'next';
import Link from 'next/link';
import { messages } from '@/i18n';
import s from '@/ui/errors/errors.module.css';

export const metadata: Metadata = {
  title: messages.errors.notFound.title,
  robots: { index: false },
};

/** Any address that matches no page: a French page inside the site frame (root layout). */
export default function NotFound() {
  const m = messages.errors.notFound;
  return (
    <div className={s.page}>
      <h1 className={s.title}>{m.title}</h1>
      <p>{m.body}</p>
      <div className={s.actions}>
        <Link href="/" className={s.button}>
          {m.search}
        </Link>
      </div>
    </div>
  );
}
