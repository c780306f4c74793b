import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/**
 * What an editor that saves by leaving the page needs (the post and course editors):
 * - `hydrated`: the form is interactive, and typed values are React state from here on;
 * - `pendingIntent`: which save button (`intent`) is being sent, or null;
 * - `submitting`: set by a save or delete just before it navigates, so that navigation passes the
 *   unsaved-changes guard; cleared again once the navigation ends (a refused save stays on the page).
 */
export function useEditorSave() {
  const submitting = useRef(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);
  return { submitting, hydrated, pendingIntent };
}
