/**
 * The Store conformance suite (conformance/store.ts) on the PostgreSQL store,
 * in a temporary schema: migrated once, one store kept from test to test, the
 * schema emptied between them. PostgreSQL runs on every machine of this kind
 * and in CI (127.0.0.1:5432, database test): no skipping.
 */
import { describeStore } from '../conformance/store.ts';
import { postgresSchemaFixture } from '../fixtures.ts';
import { postgresStore } from './store.ts';

describeStore(
  'PostgreSQL',
  postgresSchemaFixture((url) => postgresStore(url)),
  { durable: true },
);
