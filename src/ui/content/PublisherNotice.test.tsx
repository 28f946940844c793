import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { sellerLines } from '@/config/publisher';
import { PublisherNotice, SellerNotice } from './PublisherNotice';

const settings = {
  SELLER_NAME: 'Registre Test SA',
  SELLER_LEGAL_FORM: 'société anonyme',
  SELLER_CAPITAL: '250 000 CHF',
  SELLER_ADDRESS: '3 rue Test, 1201 Genève, Suisse',
  SELLER_REGISTRATION: 'IDE CHE-111.222.333',
  SELLER_VAT_NUMBER: 'FR99123456789',
  PUBLICATION_DIRECTOR: 'Jeanne Martin',
  HOST_NAME: 'Hôte Test SAS',
  HOST_ADDRESS: '4 avenue Test, 59100 Roubaix',
  HOST_PHONE: '+33 3 00 00 00 01',
};

describe('publisher identity (legal notice, terms, invoices)', () => {
  afterEach(() => {
    for (const key of Object.keys(settings)) delete process.env[key];
    resetEnvForTests();
  });

  it('prints the configured publisher, director and host on the legal notice, the terms and invoices', () => {
    Object.assign(process.env, settings);
    resetEnvForTests();
    const legal = renderToStaticMarkup(<PublisherNotice contactEmail="contact@example.org" />);
    for (const value of Object.values(settings)) expect(legal).toContain(value);
    const terms = renderToStaticMarkup(<SellerNotice />);
    for (const key of ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_REGISTRATION'] as const) {
      expect(terms).toContain(settings[key]);
    }
    expect(sellerLines().join('\n')).toContain(
      'Registre Test SA, société anonyme au capital de 250 000 CHF',
    );
    expect(sellerLines().join('\n')).toContain('IDE CHE-111.222.333 — TVA FR99123456789');
  });

  it('places the publisher in Geneva by default, as the product does', () => {
    resetEnvForTests();
    expect(renderToStaticMarkup(<PublisherNotice contactEmail="c@x.fr" />)).toContain('Genève');
  });
});
