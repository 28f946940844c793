'use client';

import { useEffect, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ordersText, tOrders } from './text';
import { toast } from '@/ui/toast/toast';
import { api, euros, readRecap, storeRecap, type OrderView } from './client';
import s from './orders.module.css';

const f = ordersText.form;
const required = (max: number) =>
  z
    .string()
    .trim()
    .min(1, f.required)
    .max(max, tOrders('form.maxLength', { count: max }));
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tOrders('form.maxLength', { count: max }));

/** The company-data form (spec sections 3 and 5). */
export const companyDataSchema = z.object({
  company_name: required(80),
  postcode: required(5).regex(/^\d+$/, f.numeric),
  firstname: required(80),
  lastname: required(80),
  phone: optional(80),
  vat_number: optional(80),
});
export type CompanyData = z.infer<typeof companyDataSchema>;

const FIELDS: {
  name: keyof CompanyData;
  type?: string;
  inputMode?: 'numeric' | 'tel';
  autoComplete: string;
}[] = [
  { name: 'company_name', autoComplete: 'organization' },
  { name: 'postcode', inputMode: 'numeric', autoComplete: 'postal-code' },
  { name: 'firstname', autoComplete: 'given-name' },
  { name: 'lastname', autoComplete: 'family-name' },
  { name: 'phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { name: 'vat_number', autoComplete: 'off' },
];

/** /paiement-securise: the recap with VAT and the company-data form, then the provider's checkout. */
export function CheckoutForm() {
  const orderId = useSearchParams().get('order');
  const router = useRouter();
  const [order, setOrder] = useState<OrderView | null>(null);
  const [missing, setMissing] = useState(false);
  const form = useForm<CompanyData>({
    resolver: zodResolver(companyDataSchema),
    defaultValues: {
      company_name: '',
      postcode: '',
      firstname: '',
      lastname: '',
      phone: '',
      vat_number: '',
    },
  });
  const m = ordersText.recap;

  useEffect(() => {
    const stored = readRecap();
    if (stored?.values) form.reset({ ...form.getValues(), ...stored.values });
    if (!orderId) return;
    void api<OrderView>(`/api/orders/${orderId}`).then((res) => {
      if (res.status === 401) {
        router.push(
          `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
        );
        return;
      }
      if (!res.data) return setMissing(true);
      if (res.data.state !== 'pending_payment') {
        router.replace(`/commandes/${res.data.id}`);
        return;
      }
      setOrder(res.data);
    });
  }, [orderId, form, router]);

  async function submit(values: CompanyData) {
    if (!order) return;
    storeRecap({ companyId: order.siren ?? '', values });
    const res = await api<{ url: string }>(`/api/orders/${order.id}/checkout`, {
      method: 'POST',
      body: values,
    });
    if (res.data) {
      window.location.assign(res.data.url);
      return;
    }
    for (const [field, errs] of Object.entries(res.error?.fields ?? {})) {
      form.setError(field as keyof CompanyData, { message: errs[0] });
    }
    toast.error(res.error?.message ?? ordersText.genericError);
  }

  if (missing || !orderId) return <p>{m.missingOrder}</p>;
  const { errors, isSubmitting } = form.formState;
  return (
    <>
      {order && (
        <table className={s.recap}>
          <tbody>
            <tr>
              <th scope="row">{m.item}</th>
              <td>{order.label}</td>
            </tr>
            {order.siren && (
              <tr>
                <th scope="row">{m.company}</th>
                <td>{order.company}</td>
              </tr>
            )}
            <tr>
              <th scope="row">{m.priceExclVat}</th>
              <td>{euros(order.price_excl_vat_cents)}</td>
            </tr>
            <tr>
              <th scope="row">{m.vat}</th>
              <td>{euros(order.vat_cents)}</td>
            </tr>
            <tr>
              <th scope="row">{m.total}</th>
              <td>
                <strong>{euros(order.total_cents)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      )}
      <form className={s.form} onSubmit={form.handleSubmit(submit)} noValidate>
        {FIELDS.map(({ name, type, inputMode, autoComplete }) => (
          <div className={s.field} key={name}>
            <label htmlFor={`billing-${name}`}>{f[name]}</label>
            <input
              id={`billing-${name}`}
              type={type ?? 'text'}
              inputMode={inputMode}
              autoComplete={autoComplete}
              maxLength={name === 'postcode' ? 5 : 80}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `billing-${name}-error` : undefined}
              {...form.register(name)}
            />
            {errors[name] && (
              <p className={s.error} id={`billing-${name}-error`}>
                {errors[name]?.message}
              </p>
            )}
          </div>
        ))}
        <button type="submit" className={s.button} disabled={!order || isSubmitting}>
          {isSubmitting
            ? m.submitting
            : tOrders('recap.submit', { total: order ? euros(order.total_cents) : '' })}
        </button>
      </form>
    </>
  );
}
