(scope) => {
        const small = [];
        const root = document.querySelector(scope);
        for (const el of root.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || el.closest('[hidden]') || el.offsetParent === null && style.position !== 'fixed') continue;
          if (el.classList.contains('skip') || el.classList.contains('visually-hidden')) continue;
          let box = el.getBoundingClientRect();
          if ((el.type === 'checkbox' || el.type === 'radio') && el.labels && el.labels.length) {
            const l = el.labels[0].getBoundingClientRect();
            const left = Math.min(box.left, l.left), top = Math.min(box.top, l.top);
            box = {width: Math.max(box.right, l.right) - left, height: Math.max(box.bottom, l.bottom) - top};
          }
          if (box.width === 0 && box.height === 0) continue;
          if (box.width < 43.5 || box.height < 43.5) {
            small.push(`${el.tagName.toLowerCase()}#${el.id || ''}[${el.name || el.textContent.trim().slice(0, 20)}] ${Math.round(box.width)}x${Math.round(box.height)}`);
          }
        }
        return small;
    }
