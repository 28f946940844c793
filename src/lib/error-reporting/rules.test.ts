import { describe, expect, it } from 'vitest';
import { reportingEnabled, shouldDropEvent } from './rules';

const withFrames = (...filenames: string[]) => ({
  exception: { values: [{ stacktrace: { frames: filenames.map((filename) => ({ filename })) } }] },
});

describe('shouldDropEvent', () => {
  it('drops an event without a stack', () => {
    expect(shouldDropEvent({})).toBe(true);
    expect(shouldDropEvent({ exception: { values: [{}] } })).toBe(true);
  });
  it('drops an event whose stack holds an anonymous frame', () => {
    expect(shouldDropEvent(withFrames('app:///_next/static/chunks/main.js', '<anonymous>'))).toBe(
      true,
    );
  });
  it('keeps an event with a real stack', () => {
    expect(shouldDropEvent(withFrames('app:///_next/static/chunks/main.js'))).toBe(false);
  });
});

describe('reportingEnabled', () => {
  const dsn = 'https://key@errors.example.org/42';
  it('is off in local whatever the DSN', () => {
    expect(reportingEnabled({ appEnv: 'local', dsn })).toBe(false);
  });
  it('is off without a DSN', () => {
    expect(reportingEnabled({ appEnv: 'prod' })).toBe(false);
  });
  it('is on in prod and test with a DSN', () => {
    expect(reportingEnabled({ appEnv: 'prod', dsn })).toBe(true);
    expect(reportingEnabled({ appEnv: 'test', dsn })).toBe(true);
  });
});
