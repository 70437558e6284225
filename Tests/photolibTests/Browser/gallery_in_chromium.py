#!/usr/bin/python3
"""photolib serve driven in headless Chromium as a person would use it: press and hold,
swipe up, favourite, delete, tap to pop, the keyboard, a hostile caption, a phone-sized and a
big screen, and the chooser. Run by BrowserGalleryTests.swift with the built binary, an
indexed library and a folder for the screenshots; exits 1 with one line per failure."""

import sys
import time

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from chromium_support import (ARTEFACTS, HOSTILE, assets, browser, cell_for, cells, check, csp_reports, failures,
                              hold, photolib, serve, visible, wait)

def gallery_and_peek():
    ordered = assets('--sort', 'taken', '--reverse')
    photolib('action', 'caption', ordered[2]['id'], '--value', HOSTILE)
    process, url = serve('--allow-edits')
    driver = browser(1920, 1080)
    try:
        driver.get(url)
        wait(driver, lambda d: len(cells(d)) == len(ordered), 'the grid shows every photo')
        shown = [c.get_attribute('data-id') for c in cells(driver)]
        check(shown == [a['id'] for a in ordered], 'the grid is in list --sort taken --reverse order')
        loaded = wait(driver, lambda d: d.execute_script(
            "return [...document.querySelectorAll('.cell img')].every(i => i.complete && i.naturalWidth > 0)"),
            'every thumbnail loads')
        check(bool(loaded), 'thumbnails are real images')
        alts = driver.execute_script("return [...document.querySelectorAll('.cell img')].map(i => i.alt)")
        check(all(alts), 'every thumbnail has alt text')
        # The first screen came with the page: no request for the session or the first page, and
        # the thumbnails preloaded from the HTML's links; the strict policy refused nothing.
        asked = driver.execute_script(
            "return performance.getEntriesByType('resource').map(r => [r.name, r.initiatorType])")
        check(not [n for n, _ in asked if '/api/session' in n or '/api/assets?' in n],
              'the session and the first page are in the HTML (%s)' % [n for n, _ in asked if '/api/' in n])
        preloaded = [n for n, kind in asked if '/thumbnail/' in n and kind == 'link']
        check(len(preloaded) == len(ordered), 'the thumbnails were preloaded (%d)' % len(preloaded))
        check(driver.execute_script(
            "return [...document.querySelectorAll('#grid li > *')].every(c => c.tagName === 'BUTTON' &&"
            " c.dataset.index && c.getAttribute('aria-label') && c.querySelectorAll('img').length === 1)"),
              "the script completed the HTML's cells: one thumbnail each, a label and an index")
        reports = csp_reports(driver)
        check(not reports, 'the Content-Security-Policy refused nothing: %s' % reports)
        driver.save_screenshot(ARTEFACTS + '/grid-1920x1080.png')

        # Press and hold: the peek, 300 px high, then its actions once swiped up.
        first = ordered[0]
        ActionChains(driver).click_and_hold(cell_for(driver, first['id'])).pause(0.8).perform()
        check(visible(driver, 'peek'), 'a long press opens the peek')
        wait(driver, lambda d: d.execute_script("return document.getElementById('peek-image').naturalHeight > 0"),
             'the peek shows the preview')
        height = driver.execute_script("return document.getElementById('peek-image').getBoundingClientRect().height")
        check(abs(height - 300) < 1, 'the peek is 300 px high (%s)' % height)
        ActionChains(driver).move_by_offset(0, -80).release().perform()
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, '#peek-actions .action')) == 3 and
             visible(d, 'peek-actions'), 'swiping up shows the three actions')
        titles = [b.text for b in driver.find_elements(By.CSS_SELECTOR, '#peek-actions .action')]
        check(titles == ['Make Favourite', 'Like', 'Delete'], 'the peek offers what peek --json offers: %s' % titles)
        driver.save_screenshot(ARTEFACTS + '/peek.png')
        driver.find_element(By.CSS_SELECTOR, '.action[data-action="favourite"]').click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '.action[data-action="unfavourite"]'),
             "Make Favourite's title follows the state")
        check([a['id'] for a in assets('--favourite')] == [first['id']], 'Make Favourite changed the catalog')
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        check(not visible(driver, 'peek'), 'Escape closes the peek')

        # Let go without swiping: the peek closes.
        hold(driver, ordered[1]['id'], then_swipe_up=False)
        time.sleep(0.3)
        check(not visible(driver, 'peek'), 'releasing a hold without choosing closes the peek')

        # Delete asks, then moves to the trash.
        doomed = ordered[3]
        hold(driver, doomed['id'], then_swipe_up=True)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '.action[data-action="delete"]'), 'Delete is offered')
        driver.find_element(By.CSS_SELECTOR, '.action[data-action="delete"]').click()
        wait(driver, lambda d: visible(d, 'confirm'), 'Delete asks first')
        check(not assets('--trashed'), 'nothing is deleted before the answer')
        driver.find_element(By.ID, 'confirm-yes').click()
        wait(driver, lambda d: [a['id'] for a in assets('--trashed')] == [doomed['id']], 'Delete moves to the trash')
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, '.cell[data-id="%s"]' % doomed['id']),
             'the deleted photo leaves the grid')

        # A tap pops the detail view; the hostile caption is text.
        ActionChains(driver).click(cell_for(driver, ordered[2]['id'])).perform()
        wait(driver, lambda d: visible(d, 'detail'), 'a tap pops the detail view')
        caption = driver.find_element(By.ID, 'detail-caption').text
        check(caption == HOSTILE, 'the hostile caption is shown as text (%r)' % caption)
        check(driver.execute_script("return document.querySelectorAll('#detail img, #detail-caption *').length") == 1,
              'no element was made from the caption')
        try:
            driver.switch_to.alert
            check(False, 'no script from the caption ran')
        except NoAlertPresentException:
            pass
        wait(driver, lambda d: 'File' in d.find_element(By.ID, 'detail-facts').text, 'the detail view lists the facts')
        driver.save_screenshot(ARTEFACTS + '/pop.png')
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        check(not visible(driver, 'detail'), 'Escape leaves the detail view')

        # The keyboard alone: Space peeks with the actions, Enter pops.
        cell_for(driver, ordered[1]['id']).send_keys(' ')
        wait(driver, lambda d: visible(d, 'peek') and visible(d, 'peek-actions') and
             d.find_elements(By.CSS_SELECTOR, '#peek-actions .action'), 'Space peeks with the actions')
        focused = driver.execute_script('return document.activeElement.dataset.action')
        check(focused == 'favourite', 'the first action has the focus (%s)' % focused)
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        cell_for(driver, ordered[1]['id']).send_keys(Keys.ENTER)
        wait(driver, lambda d: visible(d, 'detail'), 'Enter pops')
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()

        # Another program's edit shows up without a reload.
        photolib('action', 'like', ordered[5]['id'])
        wait(driver, lambda d: d.execute_script(
            "return [...document.querySelectorAll('.tab')].some(t => t.dataset.selector === 'liked')"),
            'a change made elsewhere reaches the page')
    finally:
        driver.quit()
        process.terminate()
        process.wait(timeout=20)


def layouts():
    process, url = serve()
    try:
        # A phone, a laptop (the screenshot in docs/), a full-HD and a 4K screen.
        for width, height, least in [(360, 740, 2), (1280, 800, 6), (1920, 1080, 8), (3840, 2160, 12)]:
            driver = browser(width, height)
            try:
                driver.get(url)
                wait(driver, lambda d: len(cells(d)) > 0, 'the grid loads at %dx%d' % (width, height))
                # The grid's tracks, not the cells of the first row: the library has fewer photos
                # than a 4K row has room for.
                columns = driver.execute_script(
                    "return getComputedStyle(document.getElementById('grid')).gridTemplateColumns.split(' ').length")
                overflow = driver.execute_script('return document.documentElement.scrollWidth - window.innerWidth')
                check(columns >= least, '%dx%d shows at least %d columns (%s)' % (width, height, least, columns))
                check(overflow <= 0, '%dx%d has no sideways scrolling (%s px)' % (width, height, overflow))
                wait(driver, lambda d: d.execute_script(
                    "return [...document.querySelectorAll('.cell img')].every(i => i.complete)"),
                    'the thumbnails load at %dx%d' % (width, height))
                driver.save_screenshot(ARTEFACTS + '/grid-%dx%d.png' % (width, height))
                # The detail view fits the screen too: the picture within the width, nothing sideways.
                ActionChains(driver).click(cells(driver)[0]).perform()
                wait(driver, lambda d: visible(d, 'detail') and d.execute_script(
                    "return document.getElementById('detail-image').naturalWidth > 0"),
                    'the detail view opens at %dx%d' % (width, height))
                box = driver.execute_script(
                    "const r = document.getElementById('detail-image').getBoundingClientRect();"
                    "return [r.width, r.height, document.getElementById('detail').scrollWidth]")
                check(box[0] <= width and box[2] <= width, '%dx%d: the detail view fits the width (%s)' % (
                    width, height, box))
                check(box[0] >= 0.8 * min(width, 1280) or box[1] >= 0.5 * height,
                      '%dx%d: the picture is screen-sized (%s)' % (width, height, box))
                driver.save_screenshot(ARTEFACTS + '/pop-%dx%d.png' % (width, height))
            finally:
                driver.quit()
    finally:
        process.terminate()
        process.wait(timeout=20)


def chooser():
    wanted = assets('--sort', 'taken', '--reverse')[1]
    process, url = serve('--pick')
    driver = browser(1280, 800)
    try:
        driver.get(url)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '.cell[data-index][data-id="%s"]' % wanted['id']),
             'the chooser shows the photos')
        ActionChains(driver).click(cell_for(driver, wanted['id'])).perform()
        out, _ = process.communicate(timeout=20)
        check(process.returncode == 0, 'the chooser exits 0 (%s)' % process.returncode)
        check(out == wanted['path'] + '\n', 'the chooser prints the chosen path (%r)' % out)
    finally:
        driver.quit()
        if process.poll() is None:
            process.kill()


gallery_and_peek()
layouts()
chooser()
if failures:
    sys.exit(1)
print('all browser checks passed')
