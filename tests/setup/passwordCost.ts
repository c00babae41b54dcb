import { hashCheaplyForTests } from '../../server/lib/password';

// The server tests' in-process servers hash passwords at the test cost (see
// server/lib/password.ts); servers started as their own process hash as production does.
hashCheaplyForTests(true);
