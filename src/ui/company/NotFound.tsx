import Link from 'next/link';
import s from './company.module.css';
import { messages } from '@/i18n';

export function CompanyNotFound() {
  const m = messages.company.notFound;
  return (
    <div className={s.page}>
      <h1 className={s.title}>{m.title}</h1>
      <p>{m.body}</p>
      <p>
        <Link href="/" className={s.button}>
          {m.search}
        </Link>
      </p>
    </div>
  );
}
