import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] });
const width = Number(process.argv[2] ?? 1440);
const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 812 } });
const res = await page.request.post(`${base}/api/auth/login`, { data: { email: 'attorney@demo.test', password: 'Demo-Claims-2026!' } });
const body = await res.json();
await page.goto(`${base}/login`);
await page.evaluate(({ token, user }) => {
  localStorage.setItem('token', token); localStorage.setItem('userId', user.userId); localStorage.setItem('userEmail', user.email);
  localStorage.setItem('userFirstName', user.first_name); localStorage.setItem('userLastName', user.last_name);
  localStorage.setItem('userType', user.userType); localStorage.setItem('userRole', user.userType);
  localStorage.setItem('sessionFirm', JSON.stringify(user.firm)); localStorage.setItem('sessionFirms', JSON.stringify(user.firms));
  localStorage.setItem('sessionInvitations', '0'); if (user.timeZone) localStorage.setItem('sessionTimeZone', user.timeZone);
}, body);
const path = process.argv[3] ?? '/calendar';
await page.goto(`${base}${path}`);
await page.waitForTimeout(4000);
await page.screenshot({ path: `/tmp/shots/${process.argv[4] ?? 'cal'}-${width}.png`, fullPage: process.argv[5] === 'full' });
const errors = [];
page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
if (process.argv[6] === 'month') { await page.getByRole('button', { name: 'Month', exact: true }).click(); await page.waitForTimeout(1500); await page.screenshot({ path: `/tmp/shots/month-${width}.png` }); }
if (process.argv[6] === 'dialog') { await page.getByRole('button', { name: 'New Event' }).click(); await page.waitForTimeout(800); await page.screenshot({ path: `/tmp/shots/dialog-${width}.png` }); }
if (process.argv[6] === 'popover') { await page.locator('.fc-event').first().click(); await page.waitForTimeout(800); await page.screenshot({ path: `/tmp/shots/popover-${width}.png` }); }
console.log(errors.join('\n'));
await browser.close();
