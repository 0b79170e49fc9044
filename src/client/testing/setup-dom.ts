import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { failOnUnplannedRequests, stubApi } from './api-stub';

// no test reaches a network: every request must be one the test planned with stubApi
beforeEach(() => void stubApi());

afterEach(() => {
  // unmounted first, so nothing asks for more after the check
  cleanup();
  vi.unstubAllGlobals();
  failOnUnplannedRequests();
});
