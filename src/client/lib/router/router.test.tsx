import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type To,
} from '.';
import { createMemoryHistory } from './history';

function Where() {
  const { pathname, search, hash, state, key } = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(state)} data-key={key}>
      {pathname + search + hash}
    </output>
  );
}
const where = () => screen.getByTestId('where');

/** Clicks; true when the router left the click to the browser (which jsdom cannot follow: stopped here). */
function leftToBrowser(element: HTMLElement, init?: MouseEventInit) {
  let left = false;
  const after = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', after);
  fireEvent.click(element, init);
  window.removeEventListener('click', after);
  return left;
}

/** The app's routes in small: a layout, a static page beside a :param one, the 404 splat. */
function App() {
  return (
    <Routes>
      <Route
        element={
          <section data-testid="layout">
            <Outlet />
          </section>
        }
      >
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/orders/:id" element={<Order />} />
        <Route path="/orders/new" element={<h1>New order</h1>} />
        <Route path="/old" element={<Navigate to="/orders/new?from=old" replace state={{ moved: true }} />} />
        <Route path="*" element={<h1>Not found</h1>} />
      </Route>
    </Routes>
  );
}
function Order() {
  return <h1>Order {useParams().id}</h1>;
}

/** A router over a memory history with a basename, as the app's browser router is built. */
function renderAt(url: string, ui = <App />, basename = '/') {
  const history = createMemoryHistory([url]);
  function Harness() {
    const [, rerender] = useState(0);
    useLayoutEffect(() => history.listen(() => rerender((n) => n + 1)), []);
    return (
      <Router basename={basename} location={history.location} navigationType={history.action} navigator={history}>
        {ui}
        <Where />
      </Router>
    );
  }
  render(<Harness />);
  return history;
}
describe('Routes', () => {
  it('renders the best route in its layout, with its params', () => {
    renderAt('/orders/new');
    expect(screen.getByTestId('layout')).toContainElement(screen.getByRole('heading', { name: 'New order' }));
  });

  it('gives a :param route its decoded value and the rest to the splat', () => {
    renderAt('/orders/a%20b');
    expect(screen.getByRole('heading').textContent).toBe('Order a b');
  });

  it('renders nothing for a location outside the basename', () => {
    const { container } = render(
      <StaticRouter basename="/es" location="/estados">
        <App />
      </StaticRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('StaticRouter', () => {
  it('renders the page under its basename with real links, as the prerender needs', () => {
    const html = renderToString(
      <StaticRouter basename="/es" location="/es/orders/7?x=1#top">
        <App />
        <Link to="/">Inicio</Link>
        <Link to="/terms#refunds">Terms</Link>
        <Link to="#faq">FAQ</Link>
        <Link to={{ pathname: '/signup', search: '?next=%2Forder' }}>Sign up</Link>
        <NavLink to="/orders" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Orders
        </NavLink>
        <NavLink to="/orders" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Only orders
        </NavLink>
        <Where />
      </StaticRouter>,
    );
    expect(html).toContain('<h1>Order <!-- -->7</h1>');
    expect(html).toContain('<a href="/es">Inicio</a>');
    expect(html).toContain('<a href="/es/terms#refunds">Terms</a>');
    expect(html).toContain('<a href="/es/orders/7#faq">FAQ</a>');
    expect(html).toContain('<a href="/es/signup?next=%2Forder">Sign up</a>');
    expect(html).toContain('<a aria-current="page" class="on" href="/es/orders">Orders</a>');
    // `end`: the list's link is not current on one of its items
    expect(html).toContain('<a class="off" href="/es/orders">Only orders</a>');
    expect(html).toContain('>/orders/7?x=1#top</output>');
    // no navigation on the server
    expect(
      renderToString(
        <StaticRouter location="/old">
          <App />
        </StaticRouter>,
      ),
    ).not.toContain('<h1>');
  });
});

describe('Link', () => {
  it('navigates on a plain left click, pushing; the same URL again replaces', () => {
    const history = renderAt(
      '/',
      <Link to="/orders/3" state={{ from: 'list' }}>
        Order 3
      </Link>,
    );
    const link = screen.getByRole('link');
    expect(leftToBrowser(link)).toBe(false);
    expect(where().textContent).toBe('/orders/3');
    expect(JSON.parse(where().dataset.state!)).toEqual({ from: 'list' });
    expect(history.action).toBe('PUSH');
    fireEvent.click(link);
    expect(history.action).toBe('REPLACE');
  });

  it.each([{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])('leaves %o to the browser', (modifier) => {
    renderAt('/', <Link to="/orders/3">Order 3</Link>);
    expect(leftToBrowser(screen.getByRole('link'), modifier)).toBe(true);
    expect(where().textContent).toBe('/');
  });

  it('leaves another target and an external URL to the browser; a handler can cancel', () => {
    renderAt(
      '/',
      <>
        <Link to="/orders/3" target="_blank">
          Tab
        </Link>
        <Link to="https://example.com/x">Out</Link>
        <Link to="/orders/4" onClick={(event) => event.preventDefault()}>
          Cancelled
        </Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Out' })).toHaveAttribute('href', 'https://example.com/x');
    for (const name of ['Tab', 'Out']) expect(leftToBrowser(screen.getByRole('link', { name }))).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Cancelled' }));
    expect(where().textContent).toBe('/');
  });

  it('keeps the basename in its href and in the URL it navigates to', () => {
    const history = renderAt('/es/orders/1', <Link to="/orders/2">2</Link>, '/es');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/es/orders/2');
    fireEvent.click(screen.getByRole('link'));
    expect(history.location.pathname).toBe('/es/orders/2');
    expect(where().textContent).toBe('/orders/2');
  });
});

describe('NavLink', () => {
  it('is current on its page and the pages under it, not on a longer name', () => {
    const link = (path: string) => {
      const html = renderToString(
        <StaticRouter location={path}>
          <NavLink to="/admin/orders" className="link">
            Orders
          </NavLink>
        </StaticRouter>,
      );
      return html.includes('aria-current="page" class="link active"');
    };
    expect([link('/admin/orders'), link('/Admin/orders/7'), link('/admin/ordersx'), link('/admin')]).toEqual([true, true, false, false]);
  });
});

describe('Navigate and useNavigate', () => {
  it('Navigate replaces the entry with the target and its state', () => {
    const history = renderAt('/old');
    expect(screen.getByRole('heading').textContent).toBe('New order');
    expect(where().textContent).toBe('/orders/new?from=old');
    expect(JSON.parse(where().dataset.state!)).toEqual({ moved: true });
    expect(history.action).toBe('REPLACE');
  });

  function Buttons({ to }: { to: To | number }) {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => (typeof to === 'number' ? navigate(to) : navigate(to))}>
          go
        </button>
        <button type="button" onClick={() => navigate('/orders/9', { replace: true, state: 'kept' })}>
          replace
        </button>
      </>
    );
  }

  it('pushes, replaces and goes back; a fresh entry has a key other than "default"', () => {
    const history = renderAt('/es', <Buttons to="/orders/8" />, '/es');
    expect(where().dataset.key).toBe('default');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(history.location.pathname).toBe('/es/orders/8');
    expect(where().dataset.key).not.toBe('default');
    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    expect(history.location).toMatchObject({ pathname: '/es/orders/9', state: 'kept' });
  });

  it('takes a number as a move through the history', () => {
    const history = createMemoryHistory(['/', '/orders/1']);
    render(
      <Router location={history.location} navigator={history}>
        <Buttons to={-1} />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(history.location.pathname).toBe('/');
  });
});

describe('useSearchParams', () => {
  function Filter() {
    const [params, setParams] = useSearchParams();
    return (
      <button
        type="button"
        onClick={() =>
          setParams(
            (previous) => {
              previous.set('role', 'admin');
              return previous;
            },
            { replace: true },
          )
        }
      >
        {params.get('q')}
      </button>
    );
  }

  it('reads the query and navigates to the same page with another, keeping the basename', async () => {
    const history = renderAt('/es/users?q=ana#list', <Filter />, '/es');
    expect(screen.getByRole('button').textContent).toBe('ana');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(history.action).toBe('REPLACE');
    expect(history.location).toMatchObject({ pathname: '/es/users', search: '?q=ana&role=admin', hash: '' });
  });

  it('drops a new query for a page the history has already left, so a late search box does not drag the user back', async () => {
    const history = renderAt('/es/users?q=ana', <Filter />, '/es');
    const button = screen.getByRole('button');
    // the link to a user was followed; the list is still on screen (its transition pending) when its timer fires
    act(() => {
      history.push('/es/users/7');
      fireEvent.click(button);
    });
    expect(history.location).toMatchObject({ pathname: '/es/users/7', search: '' });
    expect(history.action).toBe('PUSH');
  });
});

describe('MemoryRouter', () => {
  it('starts at its entry and follows navigation', async () => {
    render(
      <MemoryRouter initialEntries={['/orders/5']}>
        <App />
        <Link to="/">Home</Link>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Order 5');
    await act(async () => fireEvent.click(screen.getByRole('link')));
    expect(screen.getByRole('heading').textContent).toBe('Home');
  });
});
