import type { Metadata } from 'next';
import Link from 'next/link';
import { messages } from '@/i18n';
import c from '@/ui/company/company.module.css';
import s from '@/ui/errors/errors.module.css';
import { notFoundMetadata } from '@/ui/frame/metadata';

export const metadata: Metadata = notFoundMetadata;

/** Any address that matches no page: a French page inside the site frame (root layout). */
export default function NotFound() {
  const m = messages.errors.notFound;
  return (
    <div className={c.page}>
      <h1 className={c.title}>{m.title}</h1>
      <p>{m.body}</p>
      <div className={s.actions}>
        <Link href="/" className={c.button}>
          {m.search}
        </Link>
      </div>
    </div>
  );
}
