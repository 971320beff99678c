import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// A small brand layer over Chakra's defaults: one accent palette and the shell's surfaces.
// Chakra's bundle-size path (createSystem over defaultBaseConfig with chosen recipes) in two steps:
// this file holds the tokens and the recipes of the sign-in pages, which paint first and carry
// nothing else; the recipes the signed-in pages add (dialogs, menus, toasts, …) live in
// theme-more-recipes.ts and load with the first page that needs them (src/ui/system-provider.tsx).
// A component whose recipe is registered in neither renders unstyled: theme.test.ts checks every
// Chakra component src/ imports.
export const signInTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    // The spinner's rotation is the only animation the sign-in pages run; Chakra's other keyframes
    // and its animation styles come with the other recipes (theme-more-recipes.ts).
    keyframes: { spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } } },
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});

/** The brand layer; it goes last so its recipe overrides win over Chakra's recipes. */
export const brandTheme = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    body: { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef4ff' },
          100: { value: '#dbe7ff' },
          200: { value: '#b7ceff' },
          300: { value: '#8aafff' },
          400: { value: '#5a88fb' },
          500: { value: '#3565f2' },
          600: { value: '#244ed8' },
          700: { value: '#1f3fae' },
          800: { value: '#1f3789' },
          900: { value: '#1e316c' },
          950: { value: '#151f42' },
        },
      },
      fonts: {
        body: { value: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif" },
        heading: { value: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif" },
      },
    },
    // WCAG 2.1 AA (4.5:1 for text): Chakra's defaults put some status texts and hovered solid buttons
    // under it. The e2e journeys check every page with axe (tests/e2e/support/accessibility.ts).
    recipes: {
      button: {
        variants: {
          variant: {
            // Chakra lightens a hovered solid button (solid/90 over the page): white text then fell to
            // ~4.1:1 on brand, blue and red. Darken to the palette's text shade instead.
            solid: { _hover: { bg: 'colorPalette.fg' }, _expanded: { bg: 'colorPalette.fg' } },
          },
        },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          // red.500 / orange.600 / green.600 / gray.400 on white are 3.8, 3.6, 3.3 and 2.6:1.
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.500}' } },
        },
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

/**
 * The system the sign-in pages paint with. Built on demand, not at module load: createSystem (tokens,
 * CSS variables, recipes) is one of the longest pieces of start-up work on a phone, and a signed-in
 * visit paints with the full system (theme-more-recipes.ts) only, so it never builds this one (issue 27).
 */
export function createSignInSystem() {
  return createSystem(defaultBaseConfig, signInTheme, brandTheme);
}
