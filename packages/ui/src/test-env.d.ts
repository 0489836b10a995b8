// Types of the jest-dom matchers that scripts/vitest-web-setup.ts installs for the web tests.
/// <reference types="@testing-library/jest-dom/vitest" />
