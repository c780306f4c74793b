import { useEffect, useState, type RefObject } from "react";

/**
 * A thin bar across the top of the window showing how far the reader is through the article
 * (from its top reaching the top of the window to its end reaching the bottom).
 */
export function BlogReadingProgress({ articleRef }: { articleRef: RefObject<HTMLElement | null> }) {
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const article = articleRef.current;
      if (!article) return;
      const rect = article.getBoundingClientRect();
      const distance = rect.height - window.innerHeight;
      const read = distance <= 0 ? (rect.top <= 0 ? 1 : 0) : -rect.top / distance;
      setPercent(Math.round(Math.min(1, Math.max(0, read)) * 100));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      cancelAnimationFrame(frame);
    };
  }, [articleRef]);

  return (
    <div
      role="progressbar"
      aria-label="Reading progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="fixed inset-x-0 top-0 z-50 h-1 bg-transparent"
    >
      <div className="h-full origin-left bg-primary transition-transform duration-100 ease-out" style={{ transform: `scaleX(${percent / 100})` }} />
    </div>
  );
}
