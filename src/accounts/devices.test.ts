import { describe, expect, it } from 'vitest';
import { describeDevice, ipPrefix } from './devices';

describe('the session list’s device and address', () => {
  it('summarises a user agent in a few French words', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      ),
    ).toBe('Firefox sur Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari sur iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Edge sur macOS');
    expect(describeDevice('curl/8.5.0')).toBe('Autre appareil');
    expect(describeDevice(null)).toBe('Appareil inconnu');
  });

  it('shows at most the start of an address', () => {
    expect(ipPrefix('203.0.113.42')).toBe('203.0.113.x');
    expect(ipPrefix('::ffff:198.51.100.7')).toBe('198.51.100.x');
    expect(ipPrefix('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(ipPrefix('::1')).toBeNull();
    expect(ipPrefix('')).toBeNull();
    expect(ipPrefix('pas une adresse')).toBeNull();
  });
});
