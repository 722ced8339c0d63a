/**
 * Data generator: one firm with N clients and M cases (default 20,000 and 100,000), with status
 * histories, case teams, case events, expert engagements and an audit trail, written with
 * set-based SQL on PostgreSQL in about a minute. The firm's attorney signs in with the printed
 * e-mail and BENCH_PASSWORD.
 *
 *   npx tsx bench/generate-data.ts [--url postgres://…] [--cases 100000] [--clients 20000]
 */
import { parseArgs } from 'node:util';
import { createFirm, createUser } from '@sentinel/db/factories';
import { hashPassword } from '@sentinel/db';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/database';

export const BENCH_PASSWORD = 'Bench-Claims-2026';
export const BENCH_ATTORNEY = 'attorney@bench.test';

const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Robert',
  'Lucia',
  'David',
  'Mei',
  'Carlos',
  'Fatima',
  'John',
  'Elena',
  'Kwame',
  'Sofia',
  'Liam',
  'Priya',
  'Noah',
  'Hana',
  'Omar',
  'Grace',
  'Mateo',
];
export const LAST = [
  'Hernandez',
  'Smith',
  'Okafor',
  'Nguyen',
  'Garcia',
  'Johnson',
  'Khan',
  'Rossi',
  'Müller',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
];
const PLACES = [
  'Residence',
  'Condo',
  'Warehouse',
  'Office Tower',
  'Restaurant',
  'Retail Unit',
  'Townhouse',
  'Duplex',
  'Clinic',
  'Hotel',
];
export const PERILS = [
  'Water Damage',
  'Fire Loss',
  'Wind Claim',
  'Hail Damage',
  'Mold Remediation',
  'Roof Collapse',
  'Flood',
  'Sprinkler Leak',
  'Lightning Strike',
  'Smoke Damage',
  'Theft Claim',
  'Foundation Crack',
  'Pipe Burst',
  'Hurricane Loss',
  'Vandalism',
];
const CARRIERS = [
  'Harborline Mutual',
  'Sunstate Insurance',
  'Atlantic Commercial Assurance',
  'Keystone Casualty',
  'Pioneer Property & Casualty',
];

const sqlArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

export async function generate(url: string, cases: number, clients: number) {
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn', APP_SECRET: 'x'.repeat(48) });
  const database = await openDatabase(config);
  const q = (text: string, values: unknown[] = []) => database.query(text, values);
  // The bulk steps on a connection of their own: the app's pool bounds statements to 15 s, which
  // 100,000 cases (and the triggers they fire) can take on a busy machine.
  const bulk = new pg.Client({ connectionString: url });
  await bulk.connect();
  try {
    const existing = await q(
      `select m.firm_id from users u join memberships m on m.user_id = u.id where u.email = $1`,
      [BENCH_ATTORNEY],
    );
    if (existing.rows.length) {
      const firmId = (existing.rows[0] as { firm_id: string }).firm_id;
      const [{ n }] = (await q(`select count(*)::int n from cases where firm_id = $1`, [firmId])).rows as [
        { n: number },
      ];
      if (n === cases) {
        console.log(`bench firm already holds ${n} cases; reusing it`);
        return;
      }
      throw new Error(`${url} holds a bench firm with ${n} cases; drop the database to regenerate`);
    }
    const started = performance.now();
    const step = async (label: string, text: string, values: unknown[] = []) => {
      const t = performance.now();
      await bulk.query(text, values);
      console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    const firm = await createFirm(database.db, { name: 'Benchmark Claims LLP' });
    const attorney = await createUser(database.db, {
      firmId: firm.id,
      email: BENCH_ATTORNEY,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: 'Attorney',
      userType: 'attorney',
    });
    const hash = await hashPassword(BENCH_PASSWORD);
    console.log(`generating ${clients} clients and ${cases} cases in firm ${firm.id}`);
    await step(
      'client accounts',
      `insert into users (email, password_hash, first_name, last_name, phone, company_name)
       select 'client' || g || '@bench.test', $1, (${sqlArray(FIRST)})[1 + g % ${FIRST.length}],
              (${sqlArray(LAST)})[1 + (g * 7) % ${LAST.length}] || case when g % 3 = 0 then '-' || (g % 97) else '' end,
              '+1 555 ' || lpad(g::text, 7, '0'), case when g % 5 = 0 then 'Holding ' || g || ' LLC' end
       from generate_series(1, $2::int) g`,
      [hash, clients],
    );
    await step(
      'client memberships',
      `insert into memberships (firm_id, user_id, user_type, status, responded_at)
       select $1, id, 'client', 'active', now() from users where email like 'client%@bench.test'`,
      [firm.id],
    );
    await step(
      'client profiles',
      `insert into client_profiles (user_id, firm_id, lead_attorney_id, created_by_id, status, created_at)
       select user_id, firm_id, $2, $2, (array['active','active','pending','resolved'])[1 + floor(random() * 4)::int],
              now() - random() * interval '900 days'
       from memberships where firm_id = $1 and user_type = 'client'`,
      [firm.id, attorney.id],
    );
    await step(
      'team members (300)',
      `with u as (
         insert into users (email, password_hash, first_name, last_name)
         select 'member' || g || '@bench.test', $2, 'Member', 'No. ' || g from generate_series(1, 300) g
         returning id, email)
       insert into memberships (firm_id, user_id, user_type, status, responded_at)
       select $1, u.id,
              (array['restoration-contractor','public-adjuster','expert-witness'])[1 + substring(u.email from 'member(\\d+)@')::int % 3],
              'active', now()
       from u`,
      [firm.id, hash],
    );
    await step(
      'cases',
      `with c as (select user_id, row_number() over (order by user_id) rn from client_profiles where firm_id = $1),
            g as (select g, 2019 + g % 8 as yr, g / 8 + 1 as seq, random() r1, random() r2, random() r3 from generate_series(0, $3::int - 1) g)
       insert into cases (firm_id, case_number, title, case_type, status, priority, client_id, lead_attorney_id,
                          date_opened, due_date, carrier, policy_number, claim_number, target_settlement,
                          settlement_amount, settled_at, created_by_id, last_activity_at, created_at)
       select $1, 'CASE-' || yr || '-' || case when seq < 1000 then lpad(seq::text, 3, '0') else seq::text end,
              u.last_name || ' ' || (${sqlArray(PLACES)})[1 + g % ${PLACES.length}] || ' – ' || (${sqlArray(PERILS)})[1 + (g / 3) % ${PERILS.length}],
              (array['property-damage','property-damage','insurance-dispute','personal-injury','commercial-property','other'])[1 + floor(r1 * 6)::int],
              st.status,
              (array['high','medium','low'])[1 + floor(r2 * 3)::int],
              c.user_id, $2, make_date(yr, 1, 1) + (r3 * 300)::int,
              case when st.status <> 'settled' then current_date + (r2 * 240 - 40)::int end,
              (${sqlArray(CARRIERS)})[1 + g % ${CARRIERS.length}], 'POL-' || (1000000 + g), 'CLM-' || (5000000 + g),
              round((20000 + r1 * 480000)::numeric, 2),
              case when st.status = 'settled' then round(((20000 + r1 * 480000) * (0.6 + r2 * 0.6))::numeric, 2) end,
              case when st.status = 'settled' then now() - r3 * interval '700 days' end,
              $2, now() - r3 * interval '400 days', now() - r3 * interval '400 days' - interval '30 days'
       from g
       join c on c.rn = 1 + (g.g * 7919) % $4::int
       join users u on u.id = c.user_id
       cross join lateral (select (array['active','discovery','negotiation','settlement','settled','settled'])[1 + floor(r2 * 6)::int] as status) st`,
      [firm.id, attorney.id, cases, clients],
    );
    await step(
      'case number counters',
      `insert into case_number_counters (firm_id, year, last_number)
       select firm_id, split_part(case_number, '-', 2)::int, max(split_part(case_number, '-', 3)::int)
       from cases where firm_id = $1 group by 1, 2`,
      [firm.id],
    );
    await step(
      'status histories',
      `insert into case_status_history (case_id, firm_id, status, changed_by_id, changed_at)
       select c.id, c.firm_id, s.status, $2, c.created_at + (s.i - 1) * interval '12 days'
       from cases c cross join lateral unnest(array['active','discovery','negotiation','settlement','settled']) with ordinality s(status, i)
       where c.firm_id = $1 and s.i <= array_position(array['active','discovery','negotiation','settlement','settled'], c.status)`,
      [firm.id, attorney.id],
    );
    await step(
      'case teams',
      `with m as (select user_id as id, user_type, row_number() over (order by user_id) rn from memberships where firm_id = $1 and user_type <> 'client' and user_id <> $2)
       insert into case_members (case_id, user_id, firm_id, role, added_by_id)
       select c.id, m.id, c.firm_id,
              case m.user_type when 'restoration-contractor' then 'contractor' when 'public-adjuster' then 'adjuster' else 'expert' end, $2
       from cases c join m on m.rn = 1 + abs(hashtext(c.id::text)) % 300
       where c.firm_id = $1 and abs(hashtext(c.id::text)) % 2 = 0`,
      [firm.id, attorney.id],
    );
    // Firm Analytics' Pending Depositions and Expert Reports Due (issue 13): events on a fifth of
    // the cases (a year back to a year ahead, a quarter of them depositions) and an expert
    // directory of 200 engaged on a tenth of the cases, a third of the reports still due.
    await step(
      'case events (20,000)',
      `insert into calendar_events (firm_id, owner_id, case_id, title, event_type, starts_at, ends_at)
       select c.firm_id, $2, c.id, (array['Deposition','Inspection','Mediation','Client meeting'])[1 + n % 4] || ' – ' || c.case_number,
              (array['deposition','inspection','mediation','meeting'])[1 + n % 4],
              now() + (n % 730 - 365) * interval '1 day', now() + (n % 730 - 365) * interval '1 day' + interval '1 hour'
       from (select id, firm_id, case_number, row_number() over (order by id) n from cases where firm_id = $1) c
       where n % 5 = 0`,
      [firm.id, attorney.id],
    );
    await step(
      'experts (200) and engagements (10,000)',
      `with e as (
         insert into experts (firm_id, name, specialty, company, created_by_id)
         select $1, 'Expert No. ' || g, (array['Structural Engineering','Public Adjuster','Water Damage Specialist','Fire Investigation'])[1 + g % 4],
                'Expert Co. ' || g, $2
         from generate_series(1, 200) g
         returning id),
       en as (select id, row_number() over (order by id) rn from e)
       insert into case_experts (case_id, expert_id, firm_id, report_due_on, report_received_at, engaged_by_id)
       select c.id, en.id, c.firm_id, current_date + (c.n % 120 - 30)::int,
              case when c.n % 3 <> 0 then now() end, $2
       from (select id, firm_id, row_number() over (order by id) n from cases where firm_id = $1) c
       join en on en.rn = 1 + c.n % 200
       where c.n % 10 = 0`,
      [firm.id, attorney.id],
    );
    await step(
      'audit trail',
      `insert into audit_log (firm_id, user_id, action, outcome, details, created_at)
       select c.firm_id, $2, a.action, 'success', jsonb_build_object('caseId', c.id, 'clientId', c.client_id),
              case a.action when 'case_created' then c.created_at else c.last_activity_at end
       from cases c cross join (values ('case_created'), ('case_updated')) a(action)
       where c.firm_id = $1`,
      [firm.id, attorney.id],
    );
    await step('vacuum analyze', 'vacuum analyze');
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await bulk.end();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sentinel_bench_cases' },
      cases: { type: 'string', default: '100000' },
      clients: { type: 'string', default: '20000' },
    },
  });
  await generate(values.url!, Number(values.cases), Number(values.clients));
}
