#!/usr/bin/python3
"""The first screen of thumbnails in headless Chromium: loads the gallery at URL in a fresh
1920x1080 browser RUNS times and reports, from the Performance API, when the grid's JSON
arrived and when the last thumbnail of the first screen was painted (Element Timing: the
page marks every thumbnail with `elementtiming`), both from the navigation's start.
Used by bench/serve.sh."""

import statistics
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

url, runs = sys.argv[1], int(sys.argv[2])

# Collected in the page: paint times of the thumbnails in the first viewport, once all are in.
COLLECT = """
const done = arguments[arguments.length - 1];
const seen = new Map();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.identifier === 'thumbnail') seen.set(e.element, e.renderTime || e.loadTime);
}).observe({ type: 'element', buffered: true });
const check = () => {
  const first = [...document.querySelectorAll('.cell img')].filter(
    (i) => i.getBoundingClientRect().top < innerHeight && i.getBoundingClientRect().bottom > 0);
  if (first.length && first.every((i) => seen.has(i))) {
    const resources = performance.getEntriesByType('resource');
    const grid = resources.find((r) => r.name.includes('/api/assets') && !r.name.includes('after='));
    const sources = new Set(first.map((i) => i.currentSrc));
    const images = resources.filter((r) => sources.has(r.name));
    done({ count: first.length, painted: Math.max(...first.map((i) => seen.get(i))),
           json: grid ? grid.responseEnd : null,
           imagesAsked: images.length ? Math.min(...images.map((r) => r.startTime)) : null,
           imagesReceived: images.length ? Math.max(...images.map((r) => r.responseEnd)) : null,
           dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
           html: performance.getEntriesByType('navigation')[0].responseEnd,
           drawn: (performance.getEntriesByName('photolib-grid-drawn')[0] || {}).startTime ?? null,
           firstPaint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
           preloaded: images.filter((r) => r.initiatorType === 'link').length });
  } else setTimeout(check, 10);
};
check();
"""

results = []
for _ in range(runs):
    options = Options()
    for argument in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                     '--window-size=1920,1080', '--user-data-dir=' + tempfile.mkdtemp()]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)
    try:
        driver.set_script_timeout(30)
        driver.get(url)
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.querySelector('.cell img')"))
        results.append(driver.execute_async_script(COLLECT))
    finally:
        driver.quit()

painted = [r['painted'] for r in results]


def phase(title, key):
    """One phase's median over the loads that have it (the grid JSON is absent when the page
    carries its first page)."""
    values = [r[key] for r in results if r.get(key) is not None]
    if values:
        print('  %-34s median %6.0f ms' % (title, statistics.median(values)))


print('first screen in Chromium (1920x1080, fresh profile, %d loads): %d thumbnails, %d of them preloaded' % (
    runs, results[0]['count'], results[0]['preloaded']))
phase('HTML received', 'html')
phase('first contentful paint', 'firstPaint')
phase('page ready (DOMContentLoaded)', 'dcl')
phase('grid JSON received', 'json')
phase('first screen\'s cells made', 'drawn')
phase('first thumbnail asked for', 'imagesAsked')
phase('last first-screen thumbnail in', 'imagesReceived')
print('  last first-screen thumbnail paint median %6.0f ms   worst %6.0f ms   (%s)' % (
    statistics.median(painted), max(painted), ', '.join('%.0f' % p for p in painted)))
