import type Bowser from 'bowser';
import { onFirstUse } from './onFirstUse';

const bowser = onFirstUse<typeof Bowser>('bowser');

/** "Chrome 131 on Windows 10", from a User-Agent header; "Unknown device" when it says nothing. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = bowser().parse(userAgent);
  const name = browser.name
    ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0]}` : ''}`
    : '';
  const system = os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : ''}` : '';
  if (name && system) return `${name} on ${system}`;
  return name || system || 'Unknown device';
}
