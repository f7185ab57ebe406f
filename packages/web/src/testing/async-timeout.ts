import { configure } from '@testing-library/react';

// findBy*/waitFor wait 1 s by default. A screen's first render (lazy chunks, antd tables) under jsdom on a loaded CI
// machine has taken several seconds, and the test then failed on what was only slow. A real failure still fails,
// 5 s later.
configure({ asyncUtilTimeout: 5_000 });
