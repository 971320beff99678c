// The recipes only the signed-in pages, dialogs and toasts use, kept out of the sign-in pages' first
// paint (src/ui/theme.ts has the rest). Loaded by src/ui/system-provider.tsx before any page or
// component that needs them renders.
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  avatarSlotRecipe,
  collapsibleSlotRecipe,
  badgeRecipe,
  checkmarkRecipe,
  containerRecipe,
  kbdRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  listSlotRecipe,
  drawerSlotRecipe,
  keyframes,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { brandTheme, signInTheme } from './theme';

const moreRecipes = defineConfig({
  theme: {
    keyframes,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      kbd: kbdRecipe,
    },
    slotRecipes: {
      avatar: avatarSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      list: listSlotRecipe,
      drawer: drawerSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/** Every recipe the app uses: the sign-in ones plus these (the brand layer last, as in theme.ts). */
export const system = createSystem(defaultBaseConfig, signInTheme, moreRecipes, brandTheme);
